# Source: NumPy tutorials, "Deep learning on MNIST" (the training loop)
#   https://numpy.org/numpy-tutorials/content/tutorial-deep-learning-on-mnist.html
#   (numpy/numpy-tutorials content/tutorial-deep-learning-on-mnist.md)
# Licence: BSD-3-Clause (numpy-tutorials)
# Changes: the training loop is unchanged but for its last statement (the print of the
#   metrics, kept); it is wrapped in train(...), taking the notebook's globals as
#   parameters and returning the stored metrics.  The dropout masks come from numpy's
#   global generator (np.random.randint), seeded by np.random.seed(1) as the notebook does.
import numpy as np


# Define ReLU that returns the input if it's positive and 0 otherwise.
def relu (x):
    return (x>=0) * x

# Set up a derivative of the ReLU function that returns 1 for a positive input 
# and 0 otherwise.
def relu2deriv(output):
    return output >= 0


def train(training_images, training_labels, test_images, test_labels, weights_1, weights_2,
          epochs, learning_rate):
    np.random.seed(1)
    # To store training and test set losses and accurate predictions
    # for visualization.
    store_training_loss = []
    store_training_accurate_pred = []
    store_test_loss = []
    store_test_accurate_pred = []

    # This is a training loop.
    # Run the learning experiment for a defined number of epochs (iterations).
    for j in range(epochs):
        # Set the initial loss/error and the number of accurate predictions to zero.
        training_loss = 0.0
        training_accurate_predictions = 0

        # For all images in the training set, perform a forward pass
        # and backpropagation and adjust the weights accordingly.
        for i in range(len(training_images)):
            # Forward propagation/forward pass:
            # 1. The input layer:
            #    Initialize the training image data as inputs.
            layer_0 = training_images[i]
            # 2. The hidden layer:
            #    Take in the training image data into the middle layer by 
            #    matrix-multiplying it by randomly initialized weights. 
            layer_1 = np.dot(layer_0, weights_1)
            # 3. Pass the hidden layer's output through the ReLU activation function.
            layer_1 = relu(layer_1)
            # 4. Define the dropout function for regularization.
            dropout_mask = np.random.randint(0, high=2, size=layer_1.shape)
            # 5. Apply dropout to the hidden layer's output.
            layer_1 *= dropout_mask * 2
            # 6. The output layer:
            #    Ingest the output of the middle layer into the the final layer
            #    by matrix-multiplying it by randomly initialized weights.
            #    Produce a 10-dimension vector with 10 scores.
            layer_2 = np.dot(layer_1, weights_2)

            # Backpropagation/backward pass:
            # 1. Measure the training error (loss function) between the actual
            #    image labels (the truth) and the prediction by the model.
            training_loss += np.sum((training_labels[i] - layer_2) ** 2)
            # 2. Increment the accurate prediction count.
            training_accurate_predictions += int(np.argmax(layer_2) == np.argmax(training_labels[i]))
            # 3. Differentiate the loss function/error.
            layer_2_delta = (training_labels[i] - layer_2)
            # 4. Propagate the gradients of the loss function back through the hidden layer.
            layer_1_delta = np.dot(weights_2, layer_2_delta) * relu2deriv(layer_1)
            # 5. Apply the dropout to the gradients.
            layer_1_delta *= dropout_mask
            # 6. Update the weights for the middle and input layers
            #    by multiplying them by the learning rate and the gradients.
            weights_1 += learning_rate * np.outer(layer_0, layer_1_delta)
            weights_2 += learning_rate * np.outer(layer_1, layer_2_delta)

        # Store training set losses and accurate predictions.
        store_training_loss.append(training_loss)
        store_training_accurate_pred.append(training_accurate_predictions)

        # Evaluate on the test set:
        # 1. Set the initial error and the number of accurate predictions to zero.
        test_loss = 0.0
        test_accurate_predictions = 0

        # 2. Start testing the model by evaluating on the test image dataset.
        for i in range(len(test_images)):
            # 1. Pass the test images through the input layer.
            layer_0 = test_images[i]
            # 2. Compute the weighted sum of the test image inputs in and
            #    pass the hidden layer's output through ReLU.
            layer_1 = relu(np.dot(layer_0, weights_1))
            # 3. Compute the weighted sum of the hidden layer's inputs.
            #    Produce a 10-dimensional vector with 10 scores.
            layer_2 = np.dot(layer_1, weights_2)

            # 4. Measure the error between the actual label (truth) and prediction values.
            test_loss += np.sum((test_labels[i] - layer_2) ** 2)
            # 5. Increment the accurate prediction count.
            test_accurate_predictions += int(np.argmax(layer_2) == np.argmax(test_labels[i]))

        # Store test set losses and accurate predictions.
        store_test_loss.append(test_loss)
        store_test_accurate_pred.append(test_accurate_predictions)

        # 3. Display the error and accuracy metrics in the output.
        print("\n" + \
              "Epoch: " + str(j) + \
              " Training set error:" + str(training_loss/ float(len(training_images)))[0:5] +\
              " Training set accuracy:" + str(training_accurate_predictions/ float(len(training_images))) +\
              " Test set error:" + str(test_loss/ float(len(test_images)))[0:5] +\
              " Test set accuracy:" + str(test_accurate_predictions/ float(len(test_images))))

    return store_training_loss, store_training_accurate_pred, store_test_loss, store_test_accurate_pred


# run: train(np.linspace(0.0, 1.0, 6 * 16).reshape(6, 16), np.eye(10)[[0, 2, 4, 6, 8, 1]], np.linspace(1.0, 0.0, 4 * 16).reshape(4, 16), np.eye(10)[[1, 3, 5, 7]], np.sin(np.arange(16 * 8.0)).reshape(16, 8) * 0.1, np.cos(np.arange(8 * 10.0)).reshape(8, 10) * 0.1, 2, 0.005)
